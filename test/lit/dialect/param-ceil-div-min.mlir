// transform.loom.param.ceil_div gives the quotients of two parameters rounded
// up and transform.loom.param.min the smaller values, pairwise or by a
// single value, as transform.loom.param.mul pairs them. The matmul schedule
// sizes the threads' parts of the rows with them: min(ceil(rows /
// (parts x m_r)) x m_r, rows).
//
// RUN: loom-opt %s --split-input-file --transform-interpreter --verify-diagnostics

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %a0 = transform.param.constant 0 : i64 -> !transform.param<i64>
    %a1 = transform.param.constant 1000 : i64 -> !transform.param<i64>
    %a2 = transform.param.constant 333 : i64 -> !transform.param<i64>
    %as = transform.merge_handles %a0, %a1, %a2 : !transform.param<i64>
    %b0 = transform.param.constant 7 : i64 -> !transform.param<i64>
    %b1 = transform.param.constant 16 : i64 -> !transform.param<i64>
    %b2 = transform.param.constant 333 : i64 -> !transform.param<i64>
    %bs = transform.merge_handles %b0, %b1, %b2 : !transform.param<i64>
    %q = transform.loom.param.ceil_div %as, %bs
      : (!transform.param<i64>, !transform.param<i64>) -> !transform.param<i64>
    // expected-remark @below {{0 : i64, 63 : i64, 1 : i64}}
    transform.debug.emit_param_as_remark %q : !transform.param<i64>
    %eight = transform.param.constant 8 : i64 -> !transform.param<i64>
    %by_eight = transform.loom.param.ceil_div %as, %eight
      : (!transform.param<i64>, !transform.param<i64>) -> !transform.param<i64>
    // expected-remark @below {{0 : i64, 125 : i64, 42 : i64}}
    transform.debug.emit_param_as_remark %by_eight : !transform.param<i64>
    %m = transform.loom.param.min %as, %bs
      : (!transform.param<i64>, !transform.param<i64>) -> !transform.param<i64>
    // expected-remark @below {{0 : i64, 16 : i64, 333 : i64}}
    transform.debug.emit_param_as_remark %m : !transform.param<i64>
    %at_most = transform.loom.param.min %eight, %as
      : (!transform.param<i64>, !transform.param<i64>) -> !transform.param<i64>
    // expected-remark @below {{0 : i64, 8 : i64, 8 : i64}}
    transform.debug.emit_param_as_remark %at_most : !transform.param<i64>
    transform.yield
  }
}

// -----

// A divisor of zero, a negative value (a dynamic size) and parameters of two
// and three values are silenceable failures.
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %a = transform.param.constant 12 : i64 -> !transform.param<i64>
    %zero = transform.param.constant 0 : i64 -> !transform.param<i64>
    // expected-error @below {{cannot divide 12 by zero}}
    %q = transform.loom.param.ceil_div %a, %zero
      : (!transform.param<i64>, !transform.param<i64>) -> !transform.param<i64>
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %a = transform.param.constant 12 : i64 -> !transform.param<i64>
    %dynamic = transform.param.constant -9223372036854775808 : i64 -> !transform.param<i64>
    // expected-error @below {{expects non-negative integers (a dynamic size?), got 12 : i64 and -9223372036854775808 : i64}}
    %m = transform.loom.param.min %a, %dynamic
      : (!transform.param<i64>, !transform.param<i64>) -> !transform.param<i64>
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %a = transform.param.constant 2 : i64 -> !transform.param<i64>
    %two = transform.merge_handles %a, %a : !transform.param<i64>
    %three = transform.merge_handles %a, %a, %a : !transform.param<i64>
    // expected-error @below {{expects parameters of as many values, or one of one value, got 2 and 3}}
    %q = transform.loom.param.ceil_div %two, %three
      : (!transform.param<i64>, !transform.param<i64>) -> !transform.param<i64>
    transform.yield
  }
}

// -----

// A parameter of no values gives no values.
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %none = transform.structured.match ops{["linalg.matmul"]} in %root
      : (!transform.any_op) -> !transform.any_op
    %empty = transform.foreach %none : !transform.any_op -> !transform.param<i64> {
    ^bb0(%op: !transform.any_op):
      %c = transform.param.constant 1 : i64 -> !transform.param<i64>
      transform.yield %c : !transform.param<i64>
    }
    %four = transform.param.constant 4 : i64 -> !transform.param<i64>
    %q = transform.loom.param.ceil_div %four, %empty
      : (!transform.param<i64>, !transform.param<i64>) -> !transform.param<i64>
    %m = transform.loom.param.min %empty, %four
      : (!transform.param<i64>, !transform.param<i64>) -> !transform.param<i64>
    %both = transform.merge_handles %q, %m : !transform.param<i64>
    %n = transform.num_associations %both : (!transform.param<i64>) -> !transform.param<i64>
    // expected-remark @below {{0 : i64}}
    transform.debug.emit_param_as_remark %n : !transform.param<i64>
    transform.yield
  }
}
