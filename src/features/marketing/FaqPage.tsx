import { Accordion, Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from '../../components/usePageTitle';
import { faq } from '../../content/faq';

/**
 * The questions and answers as schema.org FAQPage data, for search engines. A data block, not a
 * script: the Content-Security-Policy does not apply to it, and `<` is escaped so no answer can end it.
 */
const structuredData = JSON.stringify({
  '@context': 'https://schema.org',
  '@type': 'FAQPage',
  mainEntity: faq.items.map((item) => ({
    '@type': 'Question',
    name: item.question,
    acceptedAnswer: { '@type': 'Answer', text: item.answer },
  })),
}).replace(/</g, '\\u003c');

/**
 * '/faq': the 8 questions in an accordion; opening one answer closes the others. The closed answers
 * stay in the page (hidden with display: none, not React's deferred Activity), so the prerendered
 * HTML carries every answer and the app shows them without mounting anything later.
 */
export function FaqPage() {
  usePageTitle(faq.title);
  return (
    <Stack gap="lg" maw={820}>
      <Stack gap="xs">
        <Title order={1}>{faq.title}</Title>
        <Text fz="lg">{faq.intro}</Text>
      </Stack>
      {/* multiple={false}: only one answer open at a time (spec). order={2}: each question is an h2. */}
      <Accordion multiple={false} order={2} variant="separated" keepMounted keepMountedMode="display-none">
        {faq.items.map((item) => (
          <Accordion.Item key={item.id} value={item.id}>
            <Accordion.Control>{item.question}</Accordion.Control>
            <Accordion.Panel>
              <Text>{item.answer}</Text>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: JSON data from the app's own FAQ text, with `<` escaped. */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: structuredData }} />
    </Stack>
  );
}
