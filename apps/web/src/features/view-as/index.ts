// The view-as feature's public face: the agent layout places these in the header.
export { ViewAsBanner, ViewAsSelect } from './components/view-as';
