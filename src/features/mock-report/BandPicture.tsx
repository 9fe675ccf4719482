import { Box, Text } from '@mantine/core';
import type { Band } from '../../../machines/mock-report/mock-report.ports';
import { logitScale } from '../../components/readiness-format';
import { logits, reportCopy } from './report-copy';

const WIDTH = 600;
const HEIGHT = 110;
const PAD = 24;
/**
 * The estimate with its 95 % band drawn against the passing standard, on the logit scale. The
 * picture is one image whose text alternative says the same in words (shown below it as well).
 */
export function BandPicture({ estimate, band, cut }: { estimate: number; band: Band; cut: number }) {
  // At least ±4 logits, with half a logit to spare beyond the band.
  const { ticks, place } = logitScale([band.lower - 0.5, band.upper + 0.5], cut, 4);
  const x = (value: number) => place(value, PAD, WIDTH - PAD);
  const alt = reportCopy.bandAlt(estimate, band.lower, band.upper, cut);
  return (
    <Box component="figure" m={0}>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        role="img"
        aria-label={alt}
        data-testid="band-picture"
        style={{ maxWidth: WIDTH, display: 'block' }}
      >
        <line x1={PAD} x2={WIDTH - PAD} y1={70} y2={70} stroke="currentColor" strokeWidth={1} />
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={x(tick)} x2={x(tick)} y1={66} y2={74} stroke="currentColor" />
            <text x={x(tick)} y={92} textAnchor="middle" fontSize={13} fill="currentColor">
              {logits(tick).replace('.00', '')}
            </text>
          </g>
        ))}
        <rect
          x={x(band.lower)}
          y={44}
          width={Math.max(2, x(band.upper) - x(band.lower))}
          height={18}
          rx={4}
          fill="var(--mantine-primary-color-filled)"
          fillOpacity={0.35}
          stroke="var(--mantine-primary-color-filled)"
        />
        <circle cx={x(estimate)} cy={53} r={6} fill="var(--mantine-primary-color-filled)" />
        <line
          x1={x(cut)}
          x2={x(cut)}
          y1={20}
          y2={76}
          stroke="var(--pn-color-incorrect-strong, currentColor)"
          strokeWidth={2}
          strokeDasharray="5 3"
        />
        <text
          x={x(cut)}
          y={14}
          textAnchor={x(cut) > WIDTH / 2 ? 'end' : 'start'}
          fontSize={13}
          fill="currentColor"
        >
          Passing standard
        </text>
        <text x={WIDTH - PAD} y={108} textAnchor="end" fontSize={12} fill="currentColor">
          logits
        </text>
      </svg>
      <Text component="figcaption" fz="sm" mt="xs" data-testid="band-text">
        {alt}
      </Text>
    </Box>
  );
}
