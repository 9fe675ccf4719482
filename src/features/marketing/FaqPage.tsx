import { Accordion, Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from '../../components/usePageTitle';
import { faq } from '../../content/faq';

/** '/faq': the 8 questions in an accordion; opening one answer closes the others. */
export function FaqPage() {
  usePageTitle(faq.title);
  return (
    <Stack gap="lg" maw={820}>
      <Stack gap="xs">
        <Title order={1}>{faq.title}</Title>
        <Text fz="lg">{faq.intro}</Text>
      </Stack>
      {/* multiple={false}: only one answer open at a time (spec). order={2}: each question is an h2. */}
      <Accordion multiple={false} order={2} variant="separated">
        {faq.items.map((item) => (
          <Accordion.Item key={item.id} value={item.id}>
            <Accordion.Control>{item.question}</Accordion.Control>
            <Accordion.Panel>
              <Text>{item.answer}</Text>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Stack>
  );
}
