export * from './analyse';
export * from './frequency';
export * from './inflect';
export * from './tagger';
