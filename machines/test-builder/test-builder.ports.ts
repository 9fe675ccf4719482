import type { CustomTestCounts, CustomTestSettings } from '../../domain/custom-tests';
import type { EntitlementPort } from '../access-gate/access-gate.ports';

/** What the custom-test builder asks the backend (src/services/custom-tests.ts implements it). */
export interface TestBuilderPort extends EntitlementPort {
  /** The items these settings would serve, and the count of each choice beside them. */
  loadCounts(settings: CustomTestSettings): Promise<CustomTestCounts>;
  /** Serves the test; its id opens the test page. */
  startTest(settings: CustomTestSettings): Promise<{ testId: string }>;
}
