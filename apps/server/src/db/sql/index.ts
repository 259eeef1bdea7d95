// SQL helpers every area's repositories share (one place, so no area imports another for them).
export { CUSTOMER_MAPPING, customerSearch, searchWords } from './customer.ts';
export { escapeLike } from './like.ts';
export { exportTimestamp, isoUtc, isoUtcMicros } from './timestamps.ts';
