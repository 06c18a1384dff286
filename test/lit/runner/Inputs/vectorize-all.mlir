// A minimal schedule: vectorize every structured op as a whole.
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %ops = transform.structured.match interface{LinalgOp} in %root : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %ops : !transform.any_op
    transform.yield
  }
}
