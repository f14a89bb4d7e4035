import { Status } from './status';

export default function Page() {
  return <Status />;
}
export const dynamic = 'force-dynamic';
