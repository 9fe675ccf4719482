// Prints the production security headers for the VITE_* values in the environment (and .env files)
// and the pages of dist/ (run it after `npm run build`; without a build, index.html's), in the
// `Name: value` form static hosts take (see docs/deploy.md, "Security headers").
//   VITE_SUPABASE_URL=https://<ref>.supabase.co VITE_STRIPE_PAYMENT_LINK=https://buy.stripe.com/<id> \
//     npx tsx scripts/print-security-headers.ts
import { loadEnv } from 'vite';
import { builtPages, securityHeaders } from './lib/security-headers.ts';

for (const [name, value] of Object.entries(
  securityHeaders(loadEnv('production', process.cwd(), 'VITE_'), builtPages('dist')),
)) {
  console.log(`${name}: ${value}`);
}
