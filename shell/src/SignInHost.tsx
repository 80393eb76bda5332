import { useStore } from '@nanostores/react';
import { $language, $signInOpen } from '@bozor/shared';
import { RemoteSlot } from './remotes/RemoteSlot';

/** Mounts the account remote's sign-in dialog only once somebody asks for it. */
export function SignInHost() {
  const open = useStore($signInOpen);
  const lang = useStore($language);
  if (!open) return null;
  return <RemoteSlot remote="account" expose="SignInDialog" props={{ basePath: `/${lang}` }} compact />;
}
