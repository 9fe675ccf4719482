import { Anchor, Container, Group, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { footerNavAfterSupport, footerNavBeforeSupport } from './nav-items';

/** Footer with the spec's 11 links; Support opens the support page, which gives the mail address (decision 140). */
export function SiteFooter() {
  return (
    <footer>
      <Container size="lg" py="lg">
        <Group component="nav" aria-label="Footer" gap="md" justify="center">
          {footerNavBeforeSupport.map((item) => (
            <Anchor
              key={item.to}
              component={Link}
              to={item.to}
              c="var(--mantine-color-text)"
              fz="sm"
              underline="hover"
            >
              {item.label}
            </Anchor>
          ))}
          <Anchor component={Link} to={paths.support} c="var(--mantine-color-text)" fz="sm" underline="hover">
            Support
          </Anchor>
          {footerNavAfterSupport.map((item) => (
            <Anchor
              key={item.to}
              component={Link}
              to={item.to}
              c="var(--mantine-color-text)"
              fz="sm"
              underline="hover"
            >
              {item.label}
            </Anchor>
          ))}
        </Group>
        <Text ta="center" c="dimmed" fz="xs" mt="sm">
          Practice questions for NCLEX-PN preparation. Not affiliated with NCSBN.
        </Text>
      </Container>
    </footer>
  );
}
