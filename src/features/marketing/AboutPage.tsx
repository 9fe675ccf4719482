import { List, Stack, Text, Title } from '@mantine/core';
import { StudyIllustration } from '../../components/illustrations';
import { usePageTitle } from '../../components/usePageTitle';
import { about } from '../../content/about';

/** '/about': mission, what we offer, commitment. */
export function AboutPage() {
  usePageTitle(about.title);
  return (
    <Stack gap="xl" maw={760}>
      <Stack gap="sm">
        <Title order={1}>{about.title}</Title>
        <Text fz="lg">{about.intro}</Text>
      </Stack>
      <StudyIllustration />
      <Stack component="section" aria-labelledby="about-mission" gap="xs">
        <Title id="about-mission" order={2}>
          {about.mission.heading}
        </Title>
        <Text>{about.mission.text}</Text>
      </Stack>
      <Stack component="section" aria-labelledby="about-offer" gap="xs">
        <Title id="about-offer" order={2}>
          {about.offer.heading}
        </Title>
        <List spacing="xs">
          {about.offer.items.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
      </Stack>
      <Stack component="section" aria-labelledby="about-commitment" gap="xs">
        <Title id="about-commitment" order={2}>
          {about.commitment.heading}
        </Title>
        <Text>{about.commitment.text}</Text>
      </Stack>
    </Stack>
  );
}
