import { bannerAltProblem, bannerLinkProblem } from '@kartlink/contracts';
import { BANNER_ALT_MAX, BannerMessages, IMAGE_LIMITS, MAX_BANNERS } from '@kartlink/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ErrorCode, useDropzone, type FileRejection } from 'react-dropzone';
import toast from 'react-hot-toast';
import { useDispatch } from 'react-redux';
import { FormAlert } from '../../../components/form/FormAlert';
import { TextField } from '../../../components/form/TextField';
import { UploadProgress } from '../../../components/media/UploadStatus';
import { useObjectUrl } from '../../../components/media/use-object-url';
import { api } from '../../../lib/api';
import {
  BANNER_ACCEPT,
  bannerErrorMessage,
  BannerFailures,
  bannerFileProblem,
  bannerFilesProblem,
  bannerRoomProblem,
} from '../../../lib/media/banner-checks';
import { uploadBanner, uploadBanners } from '../../../lib/media/banners-api';
import { loadImageSize } from '../../../lib/media/image-checks';
import { useUploadSession } from '../../../lib/media/media-api';
import '../../../components/media/media.css';

const BannerUploadMessages = {
  uploadedOne: 'Banner uploaded',
  uploadedMany: (count: number) => `${count} banners uploaded`,
  firstThree: `Only the first ${IMAGE_LIMITS.bannersPerUpload} files are uploaded at once.`,
  shape: (width: number, height: number) =>
    `This image is ${width}×${height}. Banners show at 3:1 (for example 1500×500), so some of it may be cut off.`,
} as const;

/** The file drop's refusals in the banner checks' own words (SPEC section 5). */
function rejectionMessage(rejection: FileRejection): string {
  const code = rejection.errors[0]?.code;
  if (code === ErrorCode.FileTooLarge) return BannerMessages.tooLarge;
  if (code === ErrorCode.FileInvalidType) return BannerMessages.invalidType;
  return rejection.errors[0]?.message ?? BannerMessages.invalidType;
}

/** Within a tenth of 3:1 counts as the banner shape. */
const isBannerShape = (width: number, height: number) =>
  Math.abs(width / height - IMAGE_LIMITS.bannerAspect) <= IMAGE_LIMITS.bannerAspect / 10;

interface BannerUploaderProps {
  /** How many banners there are: a new single banner goes after them. */
  count: number;
}

/**
 * New banners (SPEC sections 5 and 7): one with its text and link (POST /banners/upload), or up
 * to 3 at once (POST /banners/upload-multiple), checked before sending and uploaded with their
 * percentage.
 */
export function BannerUploader({ count }: BannerUploaderProps) {
  const session = useUploadSession();
  const dispatch = useDispatch();
  const [files, setFiles] = useState<File[]>([]);
  const [alt, setAlt] = useState('');
  const [link, setLink] = useState('');
  const [linkError, setLinkError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const controller = useRef<AbortController | null>(null);
  const uploading = percent !== null;
  const full = count >= MAX_BANNERS;

  useEffect(() => () => controller.current?.abort(), []);

  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    accept: BANNER_ACCEPT,
    maxSize: IMAGE_LIMITS.maxBytes,
    multiple: true,
    noClick: true,
    noKeyboard: true,
    disabled: uploading || full,
    onDrop: (accepted, rejected) => {
      setProblem(rejected[0] ? rejectionMessage(rejected[0]) : null);
      setNotice(
        accepted.length > IMAGE_LIMITS.bannersPerUpload ? BannerUploadMessages.firstThree : null,
      );
      setFiles(accepted.slice(0, IMAGE_LIMITS.bannersPerUpload));
    },
  });

  const clear = () => {
    setFiles([]);
    setAlt('');
    setLink('');
    setLinkError(null);
    setNotice(null);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (uploading) return;
    const single = files.length === 1;
    const fileProblem = single ? bannerFileProblem(files[0]) : bannerFilesProblem(files);
    const badLink = single ? bannerLinkProblem(link) : undefined;
    const badAlt = single ? bannerAltProblem(alt) : undefined;
    const noRoom = bannerRoomProblem(count, files.length);
    setLinkError(badLink ?? null);
    if (fileProblem || badLink || badAlt || noRoom) {
      setProblem(fileProblem ?? badAlt ?? noRoom ?? null);
      return;
    }
    setProblem(null);
    const abort = new AbortController();
    controller.current = abort;
    setPercent(0);
    const controls = { onProgress: setPercent, signal: abort.signal };
    try {
      if (single) {
        await uploadBanner(session, files[0]!, { alt, link: link.trim(), order: count }, controls);
        toast.success(BannerUploadMessages.uploadedOne);
      } else {
        const added = await uploadBanners(session, files, controls);
        toast.success(BannerUploadMessages.uploadedMany(added.length));
      }
      clear();
      dispatch(api.util.invalidateTags(['Banners', 'Shop']));
    } catch (error) {
      if (abort.signal.aborted) return;
      setProblem(
        bannerErrorMessage(error, single ? BannerFailures.upload : BannerFailures.uploadMany),
      );
    } finally {
      if (controller.current === abort) {
        controller.current = null;
        setPercent(null);
      }
    }
  };

  return (
    <form className="banner-upload" onSubmit={submit} noValidate aria-label="New banners">
      <div
        {...getRootProps({
          className: isDragActive ? 'image-drop image-drop--active' : 'image-drop',
        })}
      >
        <input {...getInputProps({ 'aria-label': 'Banner files' })} />
        <span className="banner-upload__placeholder" aria-hidden="true">
          3:1
        </span>
        <div className="image-drop__text">
          <strong>{isDragActive ? 'Drop the banners here' : 'Drag and drop banners here'}</strong>
          <span>
            {full
              ? BannerMessages.tooMany
              : 'JPEG, PNG or WebP, up to 5 MB each; up to 3 at a time.'}
          </span>
          <span className="image-drop__actions">
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={open}
              disabled={uploading || full}
            >
              {files.length > 0 ? 'Choose other files' : 'Choose banners'}
            </button>
          </span>
        </div>
      </div>

      {notice && <p className="shop-form__hint">{notice}</p>}

      {files.length > 0 && (
        <ul className="banner-upload__files" aria-label="Chosen banners">
          {files.map((file, index) => (
            <ChosenBanner key={`${index}:${file.name}`} file={file} />
          ))}
        </ul>
      )}

      {files.length === 1 && (
        <div className="banner-upload__fields">
          <TextField
            label="Alt text"
            name="alt"
            value={alt}
            onValueChange={setAlt}
            maxLength={BANNER_ALT_MAX}
            hint="What the banner shows, for people who cannot see it."
          />
          <TextField
            label="Link (optional)"
            name="link"
            value={link}
            onValueChange={(value) => {
              setLink(value);
              setLinkError(null);
            }}
            error={linkError ?? undefined}
            autoComplete="off"
            spellCheck={false}
            placeholder="/your-shop/product or https://…"
            hint="Where a tap on the banner leads: a page of this site (starting with /) or a web address."
          />
        </div>
      )}
      {files.length > 1 && (
        <p className="shop-form__hint">You can add alt text and links once they are uploaded.</p>
      )}

      {uploading && <UploadProgress percent={percent} label="Banner upload progress" />}
      {problem && <FormAlert>{problem}</FormAlert>}

      {files.length > 0 && (
        <div className="banner-upload__actions">
          <button
            type="button"
            className="button button--ghost"
            onClick={clear}
            disabled={uploading}
          >
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={uploading}>
            {uploading
              ? 'Uploading…'
              : files.length === 1
                ? 'Upload banner'
                : `Upload ${files.length} banners`}
          </button>
        </div>
      )}
    </form>
  );
}

/** A chosen file's preview, with a word when it is not banner-shaped. */
function ChosenBanner({ file }: { file: File }) {
  const preview = useObjectUrl(file);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);

  useEffect(() => {
    let current = true;
    loadImageSize(file)
      .then((found) => current && setSize(found))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [file]);

  return (
    <li className="banner-upload__file">
      {preview && <img className="banner-upload__preview" src={preview} alt="" />}
      <span className="image-drop__name">{file.name}</span>
      {size && !isBannerShape(size.width, size.height) && (
        <span className="banner-upload__shape">
          {BannerUploadMessages.shape(size.width, size.height)}
        </span>
      )}
    </li>
  );
}
