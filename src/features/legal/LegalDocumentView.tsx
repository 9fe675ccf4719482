import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { config } from '../../config/config';
import type { LegalDocument, LegalPart } from '../../content/legal';

function Part({ part }: { part: LegalPart }) {
  if (typeof part === 'string') return part;
  if ('supportEmail' in part)
    return <Anchor href={`mailto:${config.supportEmail}`}>{config.supportEmail}</Anchor>;
  return (
    <Anchor component={Link} to={part.to}>
      {part.text}
    </Anchor>
  );
}

function partKey(part: LegalPart): string {
  if (typeof part === 'string') return part;
  return 'supportEmail' in part ? 'support-email' : part.to;
}

/** A short legal text: title, intro, then headed sections of inline parts. */
export function LegalDocumentView({ document }: { document: LegalDocument }) {
  return (
    <Stack gap="lg" maw={760}>
      <Stack gap="xs">
        <Title order={1}>{document.title}</Title>
        <Text fz="lg">{document.intro}</Text>
      </Stack>
      {document.sections.map((section, sectionIndex) => {
        const headingId = `legal-section-${sectionIndex}`;
        return (
          <Stack key={section.heading} component="section" aria-labelledby={headingId} gap="xs">
            <Title id={headingId} order={2} fz="h3">
              {section.heading}
            </Title>
            <Text>
              {section.text.map((part) => (
                <Part key={partKey(part)} part={part} />
              ))}
            </Text>
          </Stack>
        );
      })}
    </Stack>
  );
}
