// Convening a round table: the form the /councils/new page renders, and the limits it passes it.
export { ConveneForm } from "./ConveneForm";
