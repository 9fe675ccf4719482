import { Anchor, Burger, Button, Container, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense, useState } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { isSignedIn, isSignedOut } from '../../../machines/auth/auth.machine';
import { paths } from '../../config/paths';
import { useAuthRef, useAuthSnapshot } from '../../runtime/auth-actor';
import { retryingLazy } from '../../runtime/retrying-import';
import { Logo } from '../Logo';
import { ColorSchemeToggle } from './ColorSchemeToggle';
import { signedInNav, signedOutNav } from './nav-items';

const MobileMenu = retryingLazy(() => import('./MobileMenu'));

/** Top navigation, the header button and the mobile menu, following the auth actor live. */
export function SiteHeader() {
  const signedIn = useAuthSnapshot(isSignedIn);
  // While the stored session is being read, show neither variant rather than the wrong one.
  const signedOut = useAuthSnapshot(isSignedOut);
  const signingOut = useAuthSnapshot((s) => s.matches('signingOut'));
  const email = useAuthSnapshot((s) => s.context.session?.email ?? null);
  const auth = useAuthRef();
  const [menuOpen, menu] = useDisclosure(false);
  const [menuWanted, setMenuWanted] = useState(false);
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
                the one × on screen (two looked like two different actions). It opens a modal dialog
                (aria-haspopup) rather than naming it in aria-controls: the menu's code loads on the
                first tap, and offline it may never arrive, leaving a reference to nothing. */}
            <Burger
              opened={false}
              onClick={() => {
                setMenuWanted(true);
                menu.toggle();
              }}
              hiddenFrom="sm"
              aria-label="Open menu"
              aria-expanded={menuOpen}
              aria-haspopup="dialog"
            />
          </Group>
        </Group>
      </Container>
      {/* Mounted from the first tap on, so it can still play its closing transition afterwards. */}
      {menuWanted && (
        <Suspense fallback={null}>
          <MobileMenu
            opened={menuOpen}
            onClose={menu.close}
            signedIn={signedIn}
            signingOut={signingOut}
            email={email}
            onSignOut={signOut}
          />
        </Suspense>
      )}
    </header>
  );
}
