import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { RootConfig } from '../../config';
import { CatalogueStore } from '../../synonyms/catalogue-store';
import { BulkImportService } from '../bulk/bulk-import.service';

/** The sample catalogue shipped with the service (30 reviewed workplace entries, active). */
export const SAMPLE_CATALOGUE = join(__dirname, 'sample-catalogue.csv');
const SEED_FILE = '.sample-catalogue.csv';
const SEED_USER = 'seed';

/**
 * First run in development: an empty catalogue gets the sample through the bulk-import path (validated,
 * audited, announced to the index), so the README's first expand shows catalogue results. Never in production
 * or test, never when the catalogue has entries, and not at all with SEED=false.
 */
@Injectable()
export class SeedService implements OnApplicationBootstrap {
  private readonly log = new Logger('Seed');

  constructor(
    private readonly config: ConfigService<RootConfig, true>,
    private readonly catalogue: CatalogueStore,
    private readonly importer: BulkImportService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const app = this.config.getOrThrow('app', { infer: true });
    if (app.nodeEnv !== 'development' || !app.seed) return;
    await this.seed();
  }

  /** Imports the sample when the catalogue is empty; answers how many entries were created. */
  async seed(): Promise<number> {
    if ((await this.catalogue.countByStatus()).total > 0) return 0;
    const { importDir } = this.config.getOrThrow('app', { infer: true });
    mkdirSync(importDir, { recursive: true });
    copyFileSync(SAMPLE_CATALOGUE, join(importDir, SEED_FILE));
    const result = await this.importer.import({ file_path: SEED_FILE, import_format: 'csv' }, SEED_USER);
    this.log.log(`Empty catalogue: imported ${result.successful_imports} sample entries (SEED=false to skip)`);
    return result.successful_imports;
  }
}
