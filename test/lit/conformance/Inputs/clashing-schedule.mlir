module attributes {transform.with_named_sequence} {
  transform.named_sequence @helper(%op: !transform.any_op {transform.readonly}) {
    transform.yield
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    transform.include @helper failures(propagate) (%root) : (!transform.any_op) -> ()
    transform.yield
  }
}
