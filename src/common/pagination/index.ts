export * from './page';
export * from './pagination-query.dto';
