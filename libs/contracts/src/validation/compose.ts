/** Applies `decorators` in the order given; class-validator runs its checks in that same order. */
export function compose(...decorators: PropertyDecorator[]): PropertyDecorator {
  return (target, propertyKey) => {
    for (const decorator of decorators) decorator(target, propertyKey);
  };
}
