/** Every TypeORM entity of the service, in one list shared by the app and the CLI data source. */
export const ENTITIES: Function[] = [];
