import { Container, Divider } from '@mantine/core';
import { Outlet } from 'react-router-dom';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';

/** Every page: top navigation, main container, footer. */
export function Layout() {
  return (
    <div className="app-root">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader />
      <Divider />
      <main id="main" className="app-main" tabIndex={-1}>
        <Container size="lg">
          <Outlet />
        </Container>
      </main>
      <Divider />
      <SiteFooter />
    </div>
  );
}
