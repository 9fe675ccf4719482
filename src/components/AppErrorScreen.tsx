import { Anchor, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate, useRouteError } from 'react-router-dom';
import { paths } from '../config/paths';
import { appErrorCopy } from '../content/app-error';
import { retryFailedLoads } from '../runtime/retrying-import';
import { isNetworkFailure, studentErrorText } from './error-text';
import { Logo } from './Logo';
import { usePageTitle } from './usePageTitle';

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error && 'statusText' in error) return String(error.statusText);
  return String(error);
}

/**
 * The router's error element: a page (or the header) that failed to load or render, most often a
 * code chunk lost to a dropped connection. Try again renders the same address afresh, which resets
 * the error and loads the failed code again (src/runtime/retrying-import.tsx); Go Home leaves.
 * `standalone` when the whole layout failed: the screen then brings its own way home.
 */
export function AppErrorScreen({ standalone = false }: { standalone?: boolean }) {
  const error = useRouteError();
  const location = useLocation();
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  usePageTitle(appErrorCopy.title);
  useEffect(() => heading.current?.focus(), []);
  const message = messageOf(error);
  const tryAgain = () => {
    retryFailedLoads();
    navigate(`${location.pathname}${location.search}${location.hash}`, {
      replace: true,
      state: location.state,
    });
  };

  const screen = (
    <Stack gap="md" align="center" ta="center" py="xl" data-testid="app-error">
      <Title order={1} ref={heading} tabIndex={-1}>
        {appErrorCopy.title}
      </Title>
      <Text fz="lg" maw="36rem">
        {isNetworkFailure(message) ? studentErrorText(message) : appErrorCopy.unexpected}
      </Text>
      <Group justify="center">
        <Button onClick={tryAgain}>{appErrorCopy.retry}</Button>
        <Button component={Link} to={paths.home} variant="outline">
          {appErrorCopy.home}
        </Button>
      </Group>
    </Stack>
  );
  if (!standalone) return screen;
  return (
    <div className="app-root">
      <header>
        <Container size="lg" py="sm">
          <Anchor component={Link} to={paths.home} underline="never" className="site-logo">
            <Logo />
          </Anchor>
        </Container>
      </header>
      <main id="main" className="app-main" tabIndex={-1}>
        <Container size="lg">{screen}</Container>
      </main>
    </div>
  );
}
