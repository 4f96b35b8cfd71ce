import { isAmount, majorToMicros, microsToMajor, minorUnits, platformAmountToMicros, toScaled } from '../../../shared/platforms/core/money';

describe('exact money', () => {
  it.each([
    ['JPY', 0],
    ['KRW', 0],
    ['USD', 2],
    ['EUR', 2],
    ['KWD', 3],
    ['BHD', 3],
    ['jpy', 0],
  ])('%s has %i minor digits', (currency, digits) => {
    expect(minorUnits(currency)).toBe(digits);
  });

  it.each([
    // Meta: integers in the minor unit
    ['2500', 'minor', 'USD', 25_000_000n],
    ['2500', 'minor', 'JPY', 2_500_000_000n],
    ['2500', 'minor', 'KWD', 2_500_000n],
    // TikTok and LinkedIn: decimals in the currency's own unit
    ['75', 'major', 'USD', 75_000_000n],
    ['49.99', 'major', 'USD', 49_990_000n],
    ['0.1', 'major', 'KWD', 100_000n],
    // Google: micros as they are
    ['42500000', 'micros', 'USD', 42_500_000n],
    ['6000000000', 'micros', 'JPY', 6_000_000_000n],
  ] as const)('%s in %s units of %s is %p micros', (amount, unit, currency, micros) => {
    expect(platformAmountToMicros(amount, unit, currency)).toBe(micros);
  });

  it('never goes through a float: 0.1 + 0.2 in micros is exactly 0.3, and huge budgets stay exact', () => {
    expect(majorToMicros('0.1') + majorToMicros('0.2')).toBe(majorToMicros('0.3'));
    expect(platformAmountToMicros('9007199254740993', 'micros', 'USD')).toBe(9007199254740993n);
    expect(microsToMajor(9007199254740993n)).toBe('9007199254.740993');
    expect(platformAmountToMicros('99999999999999999', 'minor', 'USD')).toBe(999999999999999990000n);
  });

  it('formats micros back without trailing zeros', () => {
    expect(microsToMajor(25_000_000n)).toBe('25');
    expect(microsToMajor(10_510_000n)).toBe('10.51');
    expect(microsToMajor(1n)).toBe('0.000001');
  });

  it('refuses what is not a plain decimal, and digits it would have to drop', () => {
    for (const bad of ['', '1e3', '1.', '.5', '1,5', 'NaN']) expect(() => toScaled(bad, 6)).toThrow();
    for (const bad of ['-5', '1e3', ' 1', '1.', '']) expect(isAmount(bad)).toBe(false);
    expect(() => platformAmountToMicros('12.5', 'minor', 'USD')).toThrow(RangeError);
    expect(() => majorToMicros('0.0000001')).toThrow(RangeError);
    expect(majorToMicros('0.1000000')).toBe(100_000n);
  });
});
