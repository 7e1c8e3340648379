/** Tags: the label parts (resources/label/overrides.tsx). */
import { labelOverrides } from '../../resources/label/overrides';

export default labelOverrides;
