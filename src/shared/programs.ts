// A program's budget is spent per interval (ONE_TIME: over its whole life).
export const BUDGET_INTERVALS = ['ONE_TIME', 'DAILY', 'WEEKLY', 'MONTHLY', 'QUARTERLY', 'YEARLY'] as const;
