// The window.__tt_* hooks the main thread's modules read or define: index.html's inline
// scripts, ui/sound.js, ui/faces.js and ui/snapshot.js define some; ui/web/main.js the rest.
interface Window {
  __tt_worker?: { worker: Worker | null; early: (MessageEvent | ErrorEvent)[] | null; error: string | null };
  __tt_text?: (key: string) => string;
  __tt_fail?: (text: string) => void;
  __tt_post: (json: string, target: string) => void;
  __tt_listen: (callback: (origin: string, text: string | null) => void) => void;
  __tt_display_boxes?: () => void;
  __tt_lobby_reach?: () => void;
  __tt_i18n: { texts: Record<string, { title: string; description: string }>; saved: string };
  __tt_sound?: (kind: string) => void;
  __tt_sound_set: (on: boolean) => void;
  __tt_sound_on: () => boolean;
  __tt_sw_start: () => void;
  __tt_faces_start: () => void;
  __tt_make_snapshot?: () => void;
  __tt_fetch_mo: (code: string) => Promise<ArrayBuffer>;
  __tt_mo_fetched?: Record<string, ArrayBuffer | null>;
  __tt_touched?: boolean;
  __tt_pending?: boolean;
  __tt_ready_at?: number;
  __tt_state: () => string;
  __tt_record: () => string;
  __tt_boot: () => Record<string, unknown>;
  __tt_stored: (key: string, ok: boolean) => void;
  __tt_save: () => string | null;
  __tt_reset: (q?: string) => Promise<unknown>;
  __tt_reopen: (q?: string) => Promise<unknown>;
  __tt_lang: (code: string) => Promise<unknown>;
  __tt_think: () => Promise<unknown>;
  __tt_ai_times: (clear?: boolean) => Promise<unknown>;
  __tt_record_stats: () => Promise<unknown>;
}
