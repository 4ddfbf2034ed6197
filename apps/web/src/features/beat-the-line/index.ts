// The beat-the-line report's public face for the router.
export { BeatTheLine } from './components/beat-the-line';
