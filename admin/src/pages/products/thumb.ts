// A small copy of a catalogue picture: the API's own pictures take a width (`/media/<key>?w=160`).
import { isResizable } from '@bozor/shared/media';

export function thumbUrl(url: string, width: 160 | 320 | 480 = 160): string {
  return isResizable(url) ? `${url}?w=${width}` : url;
}
