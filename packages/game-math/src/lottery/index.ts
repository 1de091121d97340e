export * from './draw';
export { choose, sumWays, SIDE, type Hits, type LotteryMethod, type RowSpec, type Rows } from './method-kit';
export { xienProbability } from './methods-sea-vn';
export * from './odds';
export * from './pricing';
