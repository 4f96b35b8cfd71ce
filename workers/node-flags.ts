/**
 * V8 flags a worker process runs with (package.json `start:worker`, docker-compose and the bench use
 * the same). A young generation half Node 20's default (8 MB semi-spaces instead of 16) keeps a
 * 100k-record import under 150 MB resident (measured: peak 164 → 143 MB, idle 114 → 101 MB) and
 * made it faster, not slower: pages are short-lived garbage that a smaller nursery collects sooner.
 * An import's pages are garbage once written, but those alive at a scavenge (the page being written,
 * the one fetched ahead, ~1 MB strings each) are promoted. V8's default growing factor goes up to 4×
 * the live heap on a machine with much memory, so the old generation sometimes filled to ~140 MB
 * before a full collection (worker peak 205-227 MB over 3 imports, 130 MB in other runs). A growth of
 * 1.3× keeps it small: bench peak over 3 imports 132 MB quiet and 136 MB with a CPU burner per core,
 * where 1.5× gave 149 and 153 MB (over the 150 MB budget when contended) and 2× 155 MB; the price is
 * more full collections, a few points of the import's speed (share of the paging floor 68-70 % at
 * 1.3×, 72-74 % at 1.5×, within run-to-run spread). No heap limit is set, so a job that really needs
 * memory still gets it.
 */
export const WORKER_NODE_FLAGS = ['--max-semi-space-size=8', '--heap-growing-percent=30'];
