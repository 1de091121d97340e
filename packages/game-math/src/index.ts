/**
 * @platform/game-math: pure, deterministic game engines and the provably fair RNG (DESIGN.md §2, §6).
 * No I/O, no clock, no Math.random: the same inputs give the same outcome in Node and in the browser.
 */
export * from './crash';
export * from './dice';
export * from './lottery';
export { GameInputError } from './errors';
export * from './mines';
export * from './plinko';
export * from './rng';
export * from './slot-rtp';
export * from './slot-tables';
export * from './slot';
export * from './verify';
