import { Blockquote, Button, Card, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { PracticeIllustration } from '../../components/illustrations';
import { usePageTitle } from '../../components/usePageTitle';
import { paths } from '../../config/paths';
import { features } from '../../content/features';
import { landing } from '../../content/landing';
import { testimonial } from '../../content/testimonial';

/** '/': hero, three feature cards, a testimonial and a closing call to action. */
export function LandingPage() {
  usePageTitle(landing.pageTitle);
  return (
    <Stack gap={48}>
      <SimpleGrid
        component="section"
        aria-labelledby="hero-title"
        cols={{ base: 1, md: 2 }}
        spacing="xl"
        py={{ base: 'md', sm: 'xl' }}
        style={{ alignItems: 'center' }}
      >
        <Stack gap="lg">
          <Title id="hero-title" order={1} fz={{ base: 32, sm: 44 }}>
            {landing.hero.title}
          </Title>
          <Text fz="lg" maw={560}>
            {landing.hero.subtitle}
          </Text>
          <Group>
            <Button component={Link} to={paths.register} size="lg">
              {landing.hero.primaryCta}
            </Button>
            <Button component={Link} to={paths.about} size="lg" variant="outline">
              {landing.hero.secondaryCta}
            </Button>
          </Group>
        </Stack>
        <PracticeIllustration />
      </SimpleGrid>

      <Stack component="section" aria-labelledby="features-title" gap="lg">
        <Title id="features-title" order={2} ta="center">
          {landing.featuresHeading}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {features.map((feature) => (
            <Card key={feature.title} withBorder padding="lg">
              <Title order={3} fz="lg" mb="xs">
                {feature.title}
              </Title>
              <Text>{feature.description}</Text>
            </Card>
          ))}
        </SimpleGrid>
      </Stack>

      <Blockquote color="brand" cite={`— ${testimonial.author}, ${testimonial.role}`} mx="auto" maw={760}>
        {testimonial.quote}
      </Blockquote>

      <Paper
        component="section"
        aria-labelledby="closing-title"
        withBorder
        p="xl"
        ta="center"
        className="tinted-surface"
      >
        <Stack align="center" gap="md">
          <Title id="closing-title" order={2}>
            {landing.closing.title}
          </Title>
          <Text>{landing.closing.text}</Text>
          <Button component={Link} to={paths.register} size="md">
            {landing.closing.cta}
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}
