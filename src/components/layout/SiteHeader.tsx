import { Anchor, Burger, Button, Container, Drawer, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, NavLink } from 'react-router-dom';
import { isSignedIn, isSignedOut } from '../../../machines/auth/auth.machine';
import { useAuthRef, useAuthSnapshot } from '../../app/auth-actor';
import { paths } from '../../app/paths';
import { Logo } from '../Logo';
import { ColorSchemeToggle } from './ColorSchemeToggle';
import { mobileMenuNav, signedInNav, signedOutNav } from './nav-items';
import { accountLabel } from './truncate-email';

/** Top navigation, the header button and the mobile menu, following the auth actor live. */
export function SiteHeader() {
  const signedIn = useAuthSnapshot(isSignedIn);
  // While the stored session is being read, show neither variant rather than the wrong one.
  const signedOut = useAuthSnapshot(isSignedOut);
  const signingOut = useAuthSnapshot((s) => s.matches('signingOut'));
  const email = useAuthSnapshot((s) => s.context.session?.email ?? null);
  const auth = useAuthRef();
  const [menuOpen, menu] = useDisclosure(false);
  const nav = signedIn ? signedInNav : signedOut ? signedOutNav : [];
  const signOut = () => auth.send({ type: 'auth.signOut' });

  return (
    <header>
      <Container size="lg" py="sm">
        <Group justify="space-between" wrap="nowrap">
          <Anchor component={Link} to={paths.home} underline="never" className="site-logo">
            <Logo />
          </Anchor>
          <Group component="nav" aria-label="Main" gap="md" visibleFrom="sm" className="site-nav">
            {nav.map((item) => (
              <Anchor
                key={item.to}
                component={NavLink}
                to={item.to}
                c="var(--mantine-color-text)"
                underline="hover"
              >
                {item.label}
              </Anchor>
            ))}
          </Group>
          <Group gap="sm" wrap="nowrap">
            <ColorSchemeToggle />
            {signedIn ? (
              <Button variant="outline" onClick={signOut} loading={signingOut} visibleFrom="sm">
                Logout
              </Button>
            ) : signedOut ? (
              <Button component={Link} to={paths.billing} visibleFrom="sm">
                Start 24-Hour Free Trial
              </Button>
            ) : null}
            {/* The burger keeps its three lines while the menu is open: the menu's own close button is
                the one × on screen (two looked like two different actions). */}
            <Burger
              opened={false}
              onClick={menu.toggle}
              hiddenFrom="sm"
              aria-label="Open menu"
              aria-expanded={menuOpen}
              aria-controls="mobile-menu"
            />
          </Group>
        </Group>
      </Container>
      <Drawer.Root opened={menuOpen} onClose={menu.close} id="mobile-menu" size="xs" hiddenFrom="sm">
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
                  onClick={menu.close}
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
                  <Button variant="outline" onClick={signOut} loading={signingOut}>
                    Sign out
                  </Button>
                </>
              ) : (
                <Group mt="md">
                  <Button component={Link} to={paths.login} variant="outline" onClick={menu.close}>
                    Login
                  </Button>
                  <Button component={Link} to={paths.register} onClick={menu.close}>
                    Register
                  </Button>
                </Group>
              )}
            </Stack>
          </Drawer.Body>
        </Drawer.Content>
      </Drawer.Root>
    </header>
  );
}
