export * from './analyse';
export * from './frequency';
export * from './inflect';
export * from './spelling';
export * from './tagger';
