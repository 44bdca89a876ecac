/** @parley/tools: the workspace's own Nx generators. Run them with `npx nx g @parley/tools:<generator>`. */
export { featureGenerator, type FeatureGeneratorSchema } from './feature/generator';
