import { Anchor, Button, Drawer, Group, Stack, Text } from '@mantine/core';
import { Link, NavLink } from 'react-router-dom';
import { paths } from '../../config/paths';
import { mobileMenuNav } from './nav-items';
import { accountLabel } from './truncate-email';

export interface MobileMenuProps {
  opened: boolean;
  onClose: () => void;
  signedIn: boolean;
  signingOut: boolean;
  email: string | null;
  onSignOut: () => void;
}

/**
 * The burger's menu. A module of its own, loaded on the first tap of the burger (SiteHeader): the
 * drawer and its scroll area are a tenth of a public page's code, and a desktop visitor never opens it.
 */
export default function MobileMenu({
  opened,
  onClose,
  signedIn,
  signingOut,
  email,
  onSignOut,
}: MobileMenuProps) {
  return (
    <Drawer.Root opened={opened} onClose={onClose} id="mobile-menu" size="xs" hiddenFrom="sm">
      <Drawer.Overlay />
      <Drawer.Content>
        {/* role="none": the drawer's header element must not become a second banner landmark. */}
        <Drawer.Header role="none">
          <Drawer.Title>Menu</Drawer.Title>
          <Drawer.CloseButton aria-label="Close menu" />
        </Drawer.Header>
        <Drawer.Body>
          <Stack component="nav" aria-label="Mobile" gap="xs" className="site-nav">
            {mobileMenuNav.map((item) => (
              <Anchor
                key={item.to}
                component={NavLink}
                to={item.to}
                onClick={onClose}
                c="var(--mantine-color-text)"
                underline="hover"
              >
                {item.label}
              </Anchor>
            ))}
            {signedIn ? (
              <>
                <Text fw={600} mt="md" data-testid="mobile-account">
                  {accountLabel(email)}
                </Text>
                <Button variant="outline" onClick={onSignOut} loading={signingOut}>
                  Sign out
                </Button>
              </>
            ) : (
              <Group mt="md">
                <Button component={Link} to={paths.login} variant="outline" onClick={onClose}>
                  Login
                </Button>
                <Button component={Link} to={paths.register} onClick={onClose}>
                  Register
                </Button>
              </Group>
            )}
          </Stack>
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
