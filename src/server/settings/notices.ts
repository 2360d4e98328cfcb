import type { Tx } from '@/server/db/client';
import { getSettings } from '@/server/settings/index';
import { BannerNoticeSchema } from '@/lib/schemas/settings';
import type { NoticesInput } from '@/lib/schemas/content-admin2';
import { isUpload, PICTURE_BOXES, type PreparedSitePicture } from '@/server/settings/pictures';
import { storedObjectIn, writeIn } from '@/server/settings/stored';
import { putUpload, removeUpload } from '@/server/uploads/storage';

/**
 * The top banner and the popup banner (the spec's `top_banner` and `popup_banner`: public or not, closable, a
 * picture and a link), edited on the settings screen (`/admin/settings/notices`). "Show it again" changes the
 * notice's version, so shoppers who closed it see it once more (the storefront remembers closures per version).
 */
export type NoticeView = ReturnType<typeof BannerNoticeSchema.parse>;
export interface NoticesView {
  top_banner: NoticeView;
  popup_banner: NoticeView;
}

export async function getNotices(): Promise<NoticesView> {
  const s = await getSettings();
  return { top_banner: s.top_banner, popup_banner: s.popup_banner };
}

const KEYS = { top: 'top_banner', popup: 'popup_banner' } as const;

/**
 * Saves both notices in the caller's transaction; a new picture is stored first (removed again if the rows fail).
 * Answers before and after, and the replaced uploads to remove after the commit.
 */
export async function saveNotices(
  tx: Tx,
  input: NoticesInput,
  pictures: PreparedSitePicture<'top_image' | 'popup_image'>[],
): Promise<{ before: NoticesView; after: NoticesView; replaced: string[] }> {
  const before = {} as NoticesView;
  const after = {} as NoticesView;
  const replaced: string[] = [];
  const written: string[] = [];
  try {
    for (const [which, key] of Object.entries(KEYS) as ['top' | 'popup', (typeof KEYS)[keyof typeof KEYS]][]) {
      const stored = await storedObjectIn(tx, key);
      const was = BannerNoticeSchema.parse(stored);
      const picture = pictures.find((p) => p.field === `${which}_image`);
      let image = input[`${which}_remove_image`] ? '' : was.image;
      if (picture) {
        image = await putUpload('brand', picture.bytes, picture.ext, PICTURE_BOXES[picture.field].prefix);
        written.push(image);
      }
      const version = input[`${which}_again`] ? String((Number.parseInt(was.version, 10) || 0) + 1) : was.version;
      const next = BannerNoticeSchema.parse({
        ...stored,
        status: input[`${which}_shown`] ? 1 : 2,
        title: input[`${which}_title`],
        url: input[`${which}_url`],
        source_type: input[`${which}_source_type`],
        source_value: input[`${which}_source_type`] === 6 ? '' : input[`${which}_source_value`],
        closable: input[`${which}_closable`],
        image,
        version,
      });
      await writeIn(tx, key, next);
      before[key] = was;
      after[key] = next;
      if (was.image !== next.image && isUpload(was.image)) replaced.push(was.image);
    }
  } catch (err) {
    await Promise.all(written.map((u) => removeUpload(u).catch(() => {})));
    throw err;
  }
  return { before, after, replaced };
}
