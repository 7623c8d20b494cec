/** Words for the synthetic catalogues and queries of the benchmarks. */
export const BUSINESS_WORDS = (
  'account address agent alert analysis analytics archive asset audit backlog backup balance batch billing branch broker budget ' +
  'bug build bundle cache campaign capacity catalog certificate change channel checkout client cluster code commit compliance ' +
  'config container contract cost coverage credit customer dashboard data database deadline deal defect delivery demand ' +
  'deployment design device discount document domain draft endpoint engine error estimate event expense export feature feedback ' +
  'file filter finance forecast form framework funnel gateway goal grant growth guide hardware header health hiring incident ' +
  'index inventory invoice issue job journal kernel key label latency layer lead ledger license limit log login margin market ' +
  'meeting memory merge message metric migration model module monitor network node notice offer onboarding order outage owner ' +
  'package partner patch payment payroll performance permission pipeline plan platform policy pool portal pricing priority ' +
  'process product profile project proposal queue quota quote rate record recovery refund region release report repository ' +
  'request requirement resource revenue review risk roadmap role route rule sale schedule schema scope script search security ' +
  'segment server service session setting shipment signal skill snapshot source spend sprint stack staff storage strategy ' +
  'stream subscription supplier support survey system table target task team template tenant test ticket token tool traffic ' +
  'training transaction trend upgrade usage user vendor version volume warehouse webhook workflow workload'
).split(' ');

/** Syllables for invented words. */
export const SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'ru', 'ta', 'zo', 'pe', 'vi', 'sa', 'do', 'ge', 'fu', 'hi', 'ja', 'bo', 'ce', 'xi', 'wu', 'ry'];
