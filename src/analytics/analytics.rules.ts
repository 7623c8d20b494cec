/**
 * The thresholds of every analytics formula and rule, in one place (docs/ANALYTICS.md).
 */
export const CONFIDENCE_BANDS = { high: 0.8, medium: 0.5 } as const;
export const POPULAR_SYNONYMS = 10;
export const SUCCESS_RATE_KEYS = 100;
export const ACTIVE_USER_DAYS = 7;
export const QUALITY_WEIGHTS = { successRate: 0.4, confidence: 0.3, satisfaction: 0.3 } as const;

export const RULES = {
  coverageGood: 0.8,
  coveragePoor: 0.5,
  satisfactionGood: 0.7,
  satisfactionPoor: 0.5,
  precisionPoor: 0.6,
  minFeedbackForJudgement: 20,
  pendingQueue: 20,
  lowPerformerMinUses: 10,
  lowPerformerSuccessRate: 0.4,
  zeroResultShare: 0.3,
  minDomainEvents: 20,
  lowConfidenceShare: 0.25,
} as const;

export type InsightType = 'positive' | 'warning' | 'info';
export type Level = 'high' | 'medium' | 'low';

export interface Insight {
  type: InsightType;
  category: string;
  message: string;
  impact: Level;
}

export interface Recommendation {
  category: string;
  priority: Level;
  action: string;
  description: string;
  impact: string;
}
