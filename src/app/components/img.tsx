/**
 * The app's name for the image widget (`ResponsiveImage`): srcset from the image service, intrinsic
 * size, lazy unless it is the page's priority image. A re-export, so it costs the browser nothing.
 */
export { ResponsiveImage as Img, type ResponsiveImageProps as ImgProps } from '../../widgets/image/index.tsx';
