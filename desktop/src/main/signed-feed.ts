import type { KeyObject } from 'node:crypto';
import { Provider, type AppUpdater, type ResolvedUpdateFileInfo, type UpdateInfo } from 'electron-updater';
import { parseUpdateInfo, resolveFiles, type ProviderRuntimeOptions } from 'electron-updater/out/providers/Provider';
import { getChannelFilename, newUrlFromBase } from 'electron-updater/out/util';
import { insecureUpdateAddressProblem, releaseSignatureProblem, SIGNATURE_SUFFIX } from './release-signature';

// DESK-9: electron-updater's provider for the clinic server's feed, in place of its generic provider. It is
// the only way update information reaches electron-updater (AppUpdater takes what getLatestVersion returns
// and nothing else), so a feed file is used only after its signature is checked: the raw text is fetched,
// checked against the built-in release keys, and only then parsed. The installer electron-updater then
// downloads is checked against the sha512 in that signed text (its own DigestTransform, and again for a
// download kept from an earlier start), so an installer that is not the signed one is never installed.
// Plain HTTP is refused before any request unless the server is this computer.

/** The options electron-updater's setFeedURL takes for this provider (its "custom" provider). */
export interface SignedFeedOptions {
  provider: 'custom';
  updateProvider: typeof SignedFeedProvider;
  /** The feed folder (`{server}/desktop/updates/`), null while no server is chosen. */
  url: string | null;
  /** The public release keys built into the app (desktop/release-keys.pem). */
  trustedKeys: KeyObject[];
}

export function signedFeedOptions(url: string | null, trustedKeys: KeyObject[]): SignedFeedOptions {
  return { provider: 'custom', updateProvider: SignedFeedProvider, url, trustedKeys };
}

/** An update the app will not take, and why; the message is logged as it is. */
export class UpdateRefusedError extends Error {
  readonly code = 'ERR_UPDATE_REFUSED';
  constructor(reason: string) {
    super(`Update refused: ${reason}. Clinic Desk installs only releases signed with the clinic's release key (docs/desktop.md).`);
    this.name = 'UpdateRefusedError';
  }
}

const isNotFound = (error: unknown) => (error as { statusCode?: unknown } | null)?.statusCode === 404;

export class SignedFeedProvider extends Provider<UpdateInfo> {
  constructor(
    private readonly options: SignedFeedOptions,
    private readonly updater: Pick<AppUpdater, 'channel'>,
    runtimeOptions: ProviderRuntimeOptions,
  ) {
    super(runtimeOptions);
  }

  /** The feed folder's address, once it is known to be allowed. */
  private feedBase(): URL {
    if (!this.options.url) throw new UpdateRefusedError('no clinic server is chosen yet');
    const problem = insecureUpdateAddressProblem(this.options.url);
    if (problem) throw new UpdateRefusedError(problem);
    const base = new URL(this.options.url);
    if (!base.pathname.endsWith('/')) base.pathname += '/';
    return base;
  }

  /** latest.yml on Windows, latest-linux.yml for the AppImage (electron-updater's channel names). */
  private get channelFile(): string {
    return getChannelFilename(this.getCustomChannelName(this.updater.channel ?? 'latest'));
  }

  override async getLatestVersion(): Promise<UpdateInfo> {
    const base = this.feedBase();
    const fileName = this.channelFile;
    // A fresh copy of both (the query defeats caches between app and server), the file first.
    const fileUrl = newUrlFromBase(fileName, base, true);
    let text: string;
    try {
      text = (await this.httpRequest(fileUrl)) ?? '';
    } catch (error) {
      if (isNotFound(error)) throw Object.assign(new Error(`No release on the server yet: ${fileName} answered 404`), { code: 'ERR_UPDATER_CHANNEL_FILE_NOT_FOUND' });
      throw error;
    }
    let signature: string | null;
    try {
      signature = await this.httpRequest(newUrlFromBase(`${fileName}${SIGNATURE_SUFFIX}`, base, true));
    } catch (error) {
      if (!isNotFound(error)) throw error;
      signature = null;
    }
    // The bytes signed are the file's bytes; the text came as UTF-8, which round-trips exactly.
    const problem = releaseSignatureProblem(fileName, Buffer.from(text, 'utf8'), signature, this.options.trustedKeys);
    if (problem) throw new UpdateRefusedError(problem);
    const info = parseUpdateInfo(text, fileName, fileUrl);
    // The files it names are held to the same rules now, before the app announces an update.
    this.resolveFiles(info);
    return info;
  }

  override resolveFiles(updateInfo: UpdateInfo): ResolvedUpdateFileInfo[] {
    const files = resolveFiles(updateInfo, this.feedBase());
    // A signed feed may name files elsewhere; they are fetched under the same transport rule as the feed.
    for (const address of files.flatMap((file) => [file.url.href, file.packageInfo?.path ?? []].flat())) {
      const problem = insecureUpdateAddressProblem(address);
      if (problem) throw new UpdateRefusedError(problem);
    }
    return files;
  }
}
