/** The 404 page. */
export const notFound = {
  title: 'Page Not Found',
  text: 'Sorry, the page you are looking for does not exist or has moved.',
  home: 'Go Home',
} as const;
