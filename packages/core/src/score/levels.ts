/**
 * Score levels shared by the schemas and the score engine: risk levels, the rating of spec
 * section 4 (stars, labels, colours).
 */

/** Risk level texts as the API returns them. */
export const RISK_LEVELS = ['low risk', 'medium risk', 'high risk'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

/** `totalScore` at or above which the risk is low, and at or above which it is medium. */
export const RISK_LEVEL_THRESHOLDS = { low: 80, medium: 50 } as const;

/**
 * The risk level of a total score: 80 and up low, 50 and up medium, below 50 high.
 * Every critical finding (honeypot, malicious creator, sell tax of 50 % or more...) caps the
 * score below 50, so such a token is always high risk.
 */
export function riskLevelForScore(totalScore: number): RiskLevel {
  if (totalScore >= RISK_LEVEL_THRESHOLDS.low) return 'low risk';
  if (totalScore >= RISK_LEVEL_THRESHOLDS.medium) return 'medium risk';
  return 'high risk';
}

/** Display colours of the score panel. */
export type ScoreColour = 'green' | 'yellow' | 'red';

/** Rating steps of spec section 4, best first: minimum score, stars and label. */
export const RATING_STEPS = [
  { min: 100, stars: 5, label: 'Excellent - Highly investable' },
  { min: 80, stars: 4, label: 'Good - Investable with caution' },
  { min: 60, stars: 3, label: 'Moderate - Medium risk, requires due diligence' },
  { min: 40, stars: 2, label: 'Risky - High-risk investment' },
  { min: Number.NEGATIVE_INFINITY, stars: 1, label: 'Avoid - Not investable' },
] as const;

/** Stars of a rating, 1 to 5. */
export type Stars = (typeof RATING_STEPS)[number]['stars'];
/** The rating label texts of spec section 4. */
export type RatingLabel = (typeof RATING_STEPS)[number]['label'];

/** Colour thresholds of spec section 4: green at 80 or more, yellow at 60 or more. */
export const SCORE_COLOUR_THRESHOLDS = { green: 80, yellow: 60 } as const;

/** The rating of a total score (spec section 4). Only a perfect 100 earns five stars. */
export interface Rating {
  stars: Stars;
  label: RatingLabel;
  colour: ScoreColour;
}

/**
 * Stars and label of a total score: >= 100 five, >= 80 four, >= 60 three, >= 40 two, else one
 * (a score that is not a number gets one star).
 */
export function ratingForScore(totalScore: number): Rating {
  const step =
    RATING_STEPS.find((candidate) => totalScore >= candidate.min) ??
    RATING_STEPS[RATING_STEPS.length - 1]!;
  return { stars: step.stars, label: step.label, colour: scoreColour(totalScore) };
}

/** Score colour: green at 80 or more, yellow at 60 or more, else red. */
export function scoreColour(totalScore: number): ScoreColour {
  if (totalScore >= SCORE_COLOUR_THRESHOLDS.green) return 'green';
  if (totalScore >= SCORE_COLOUR_THRESHOLDS.yellow) return 'yellow';
  return 'red';
}

/**
 * Colour of the risk level text (spec section 4): red for 'high risk', green for 'low risk',
 * and red for anything else, 'medium risk' included, exactly as the spec says.
 */
export function riskLevelColour(riskLevel: string): 'green' | 'red' {
  return riskLevel === 'low risk' ? 'green' : 'red';
}
