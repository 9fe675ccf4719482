// A small synthetic bank for the mock-exam engine's tests: 25 stand-alone 0/1 items per client
// need (difficulties −2..+2) and 5 case studies of six 2-point items.
import type { CatBank, CatItem } from '../../domain/cat/bank';
import { CLIENT_NEEDS } from '../../domain/client-needs';

export function fixtureBank(): CatBank {
  const items: CatItem[] = CLIENT_NEEDS.flatMap(({ name, prefix }) =>
    Array.from({ length: 25 }, (_, i) => ({
      id: `${prefix}-${i}`,
      category: name,
      thresholds: [-2 + (4 * i) / 24],
      source: i % 5 === 0 ? ('calibrated' as const) : ('label-prior' as const),
      locationError: 0,
    })),
  );
  const caseStudies = Array.from({ length: 5 }, (_, c) => ({
    id: `case-${c}`,
    items: Array.from({ length: 6 }, (_, step) => ({
      id: `case-${c}-${step}`,
      category: CLIENT_NEEDS[(c + step) % CLIENT_NEEDS.length]?.name ?? 'Coordinated Care',
      thresholds: [-0.7, 0.3],
      source: 'label-prior' as const,
      locationError: 0,
    })),
  }));
  return { items, caseStudies };
}
