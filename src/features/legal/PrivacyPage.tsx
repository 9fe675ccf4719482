import { usePageTitle } from '../../components/usePageTitle';
import { privacy } from '../../content/legal';
import { LegalDocumentView } from './LegalDocumentView';

/** '/privacy': what is stored, card data, deletion requests. */
export function PrivacyPage() {
  usePageTitle(privacy.title);
  return <LegalDocumentView document={privacy} />;
}
