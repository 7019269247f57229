/** The committed classifier (classifier-weights.json, written by `npm run train:ai-security`), read once at import. */
import modelFile from './classifier-weights.json';
import { createClassifier, decodeModel, type Classifier, type ModelFile, type Thresholds } from './classifier.js';

export const committedModel: ModelFile = modelFile;
export const defaultClassifier: Classifier = createClassifier(decodeModel(committedModel));
/** The thresholds chosen by cross-validation when the committed model was trained. */
export const trainedThresholds: Thresholds = committedModel.thresholds;
/** The same for the best window of a long text. */
export const trainedWindowThresholds: Thresholds = committedModel.windowThresholds;
