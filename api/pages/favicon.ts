/**
 * The gateway's icon, drawn here rather than kept as a binary file: a rounded blue square with three
 * rising white bars. `#` is white, `.` is blue, a space is transparent; each cell is 2×2 pixels.
 */
const ART = [
  ' .............. ',
  '................',
  '................',
  '...........##...',
  '...........##...',
  '.......##..##...',
  '.......##..##...',
  '...##..##..##...',
  '...##..##..##...',
  '...##..##..##...',
  '...##..##..##...',
  '...##..##..##...',
  '...##..##..##...',
  '................',
  '................',
  ' .............. ',
];

const SCALE = 2;
const SIZE = ART.length * SCALE;
/** BGRA, as a 32-bit DIB stores them. */
const COLOURS: Record<string, readonly [number, number, number, number]> = {
  '#': [0xff, 0xff, 0xff, 0xff],
  '.': [0xd1, 0x4f, 0x1f, 0xff],
  ' ': [0, 0, 0, 0],
};

/** One 32×32 image in an ICO container: a 32-bit DIB with its alpha, plus the 1-bit mask old readers want. */
export function faviconIco(): Buffer {
  const headerBytes = 6 + 16;
  const dibHeader = Buffer.alloc(40);
  dibHeader.writeUInt32LE(40, 0);
  dibHeader.writeInt32LE(SIZE, 4);
  // An icon's DIB counts the colour rows and the mask rows together.
  dibHeader.writeInt32LE(SIZE * 2, 8);
  dibHeader.writeUInt16LE(1, 12);
  dibHeader.writeUInt16LE(32, 14);
  const pixels = Buffer.alloc(SIZE * SIZE * 4);
  const maskRow = Math.ceil(SIZE / 32) * 4;
  const mask = Buffer.alloc(maskRow * SIZE);
  for (let y = 0; y < SIZE; y++) {
    // DIB rows run bottom-up.
    const row = SIZE - 1 - y;
    for (let x = 0; x < SIZE; x++) {
      const cell = ART[Math.floor(y / SCALE)]![Math.floor(x / SCALE)]!;
      const colour = COLOURS[cell]!;
      Buffer.from(colour).copy(pixels, (row * SIZE + x) * 4);
      if (colour[3] === 0) mask[row * maskRow + (x >> 3)]! |= 0x80 >> (x & 7);
    }
  }
  const image = Buffer.concat([dibHeader, pixels, mask]);
  const header = Buffer.alloc(headerBytes);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(1, 4);
  header.writeUInt8(SIZE, 6);
  header.writeUInt8(SIZE, 7);
  header.writeUInt16LE(1, 10);
  header.writeUInt16LE(32, 12);
  header.writeUInt32LE(image.length, 14);
  header.writeUInt32LE(headerBytes, 18);
  return Buffer.concat([header, image]);
}
