/**
 * What the stack's tests and the upload benchmark may use of media-service, as the package
 * entry `@kartlink/media-service/testing`: the image queue and its job, and the image pipeline.
 */
export { IMAGE_QUEUE, type PrimaryJob } from './processing/jobs';
export {
  configureSharp,
  makeCard,
  makeMedium,
  makePrimary,
  makeThumbnail,
  makeWebp,
} from './processing/image-pipeline';
