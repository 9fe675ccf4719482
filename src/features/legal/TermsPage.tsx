import { usePageTitle } from '../../components/usePageTitle';
import { terms } from '../../content/legal';
import { LegalDocumentView } from './LegalDocumentView';

/** '/terms': the short terms of service. */
export function TermsPage() {
  usePageTitle(terms.title);
  return <LegalDocumentView document={terms} />;
}
