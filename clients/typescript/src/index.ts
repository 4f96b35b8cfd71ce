export { createGatewayClient, type GatewayClient, type GatewayClientOptions, type GatewayHelpers, type Outcome } from './client';
export { GatewayError, JobPendingError, type GatewayErrorCode } from './errors';
export type { Job, JobAccepted, WaitOptions } from './jobs';
export type { PagedData, PageRequest, PaginateOptions } from './paging';
export type { ApiResult, DataOf } from './results';
export type { AuthSource, GatewayAuth } from './transport';
export { ERROR_CODES, type ErrorCode } from './generated/wire';
export type { components, operations, paths } from './generated/openapi';
