// Handoff bodies for the notes tests.

export const BODY = `## Goal
Fix the flaky login test.

## Done
Froze time per test.

## State and open questions
Green 20/20.

## Decisions and rejected options
Per test, not global.

## Pitfalls and blockers
None.

## Next steps and read-first list
Read test/login.spec.ts.
`;

/** The same six sections, last first. */
export const REVERSED = `## Next steps and read-first list
Read test/login.spec.ts.

## Pitfalls and blockers
None.

## Decisions and rejected options
Per test, not global.

## State and open questions
Green 20/20.

## Done
Froze time per test.

## Goal
Fix the flaky login test.
`;

/** BODY with its goal line replaced. */
export function bodyWithGoal(goal: string): string {
  return BODY.replace('Fix the flaky login test.', goal);
}
