import { t } from '../shared/i18n.js';

export interface SystemPlayerSong {
  title: string;
  artist: string;
  album?: string;
}

// The system player (lock screen, notification shade, car display) picks the size it needs.
const ART_SIZES = ['96x96', '128x128', '192x192', '256x256', '384x384', '512x512'];

/**
 * What the phone's system player shows for the song: title, artist, album and artwork in several
 * sizes. The song's own artwork is offered at every size (the browser scales it); without one the
 * station's square icons (each at its real size) stand in, then the logo.
 */
export function mediaMetadata(
  song: SystemPlayerSong | null,
  stationName: string,
  artwork: string | null,
  icons: ReadonlyArray<{ src: string; type: string; sizes: string }>,
  logo: string,
): MediaMetadataInit {
  const absolute = (url: string) => new URL(url, location.href).href;
  const art =
    artwork && artwork !== logo
      ? ART_SIZES.map((sizes) => ({ src: absolute(artwork), sizes }))
      : icons.length > 0
        ? icons.map((icon) => ({ ...icon, src: absolute(icon.src) }))
        : logo
          ? [{ src: absolute(logo) }]
          : [];
  return { title: song?.title ?? stationName, artist: song?.artist ?? t.live, album: song?.album ?? stationName, artwork: art };
}

/** Sets the system player's song and its Play and Pause buttons (a no-op where the browser has no Media Session). */
export function updateSystemPlayer(metadata: MediaMetadataInit, playing: boolean, actions: { play: () => void; pause: () => void }): void {
  if (!('mediaSession' in navigator)) return;
  const session = navigator.mediaSession;
  session.metadata = new MediaMetadata(metadata);
  session.playbackState = playing ? 'playing' : 'paused';
  session.setActionHandler('play', actions.play);
  session.setActionHandler('pause', actions.pause);
  session.setActionHandler('stop', actions.pause);
}
