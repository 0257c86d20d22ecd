// The vectorization benchmarks of bench/vec_kernels.c for MLIR's
// sparsifier (bench/mlir/vec_build.sh compiles this file with vl=0 and
// vl=8 and renames the functions @K to @K_vlVL): SpMM with 64 columns,
// SDDMM with k = 32, the dense-level loop under a sparse vector (the
// streaming update, rows of 256 and 12; the dot product, rows of 256, 2048
// and 12) and SpMV,
// on 64-bit (index) CSR / sparse-vector buffers assembled without a copy.
// Outputs are dense and updated in place, as in vec_kernels.c.

#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
#BSR = #sparse_tensor.encoding<{ map = (i, j) -> (i floordiv 4 : dense, j floordiv 4 : compressed, i mod 4 : dense, j mod 4 : dense) }>
#SV = #sparse_tensor.encoding<{ map = (i) -> (i : compressed) }>

#spmm = {
  indexing_maps = [affine_map<(i, j, k) -> (i, j)>,
                   affine_map<(i, j, k) -> (j, k)>,
                   affine_map<(i, j, k) -> (i, k)>],
  iterator_types = ["parallel", "reduction", "parallel"]
}
#sddmm = {
  indexing_maps = [affine_map<(i, j, k) -> (i, j)>,
                   affine_map<(i, j, k) -> (i, k)>,
                   affine_map<(i, j, k) -> (j, k)>,
                   affine_map<(i, j, k) -> (i, j)>],
  iterator_types = ["parallel", "parallel", "reduction"]
}
#denselvl = {
  indexing_maps = [affine_map<(i, k) -> (i)>,
                   affine_map<(i, k) -> (i, k)>,
                   affine_map<(i, k) -> (i, k)>],
  iterator_types = ["parallel", "parallel"]
}
#dldot = {
  indexing_maps = [affine_map<(i, k) -> (i)>,
                   affine_map<(i, k) -> (i, k)>,
                   affine_map<(i, k) -> (k)>,
                   affine_map<(i, k) -> (i)>],
  iterator_types = ["parallel", "reduction"]
}
#spmv = {
  indexing_maps = [affine_map<(i, j) -> (i, j)>,
                   affine_map<(i, j) -> (j)>,
                   affine_map<(i, j) -> (i)>],
  iterator_types = ["parallel", "reduction"]
}

func.func @spmm(%pos: tensor<?xindex>, %crd: tensor<?xindex>, %val: tensor<?xf64>,
                %B: tensor<1024x64xf64>, %C: tensor<1024x64xf64>) -> tensor<1024x64xf64>
    attributes { llvm.emit_c_interface } {
  %A = sparse_tensor.assemble (%pos, %crd), %val
     : (tensor<?xindex>, tensor<?xindex>), tensor<?xf64> to tensor<1024x1024xf64, #CSR>
  %r = linalg.generic #spmm
    ins(%A, %B : tensor<1024x1024xf64, #CSR>, tensor<1024x64xf64>)
    outs(%C : tensor<1024x64xf64>) {
    ^bb0(%a: f64, %b: f64, %c: f64):
      %m = arith.mulf %a, %b : f64
      %s = arith.addf %c, %m : f64
      linalg.yield %s : f64
  } -> tensor<1024x64xf64>
  return %r : tensor<1024x64xf64>
}

func.func @sddmm(%pos: tensor<?xindex>, %crd: tensor<?xindex>, %val: tensor<?xf64>,
                 %U: tensor<1024x32xf64>, %Vt: tensor<1024x32xf64>,
                 %D: tensor<1024x1024xf64>) -> tensor<1024x1024xf64>
    attributes { llvm.emit_c_interface } {
  %S = sparse_tensor.assemble (%pos, %crd), %val
     : (tensor<?xindex>, tensor<?xindex>), tensor<?xf64> to tensor<1024x1024xf64, #CSR>
  %r = linalg.generic #sddmm
    ins(%S, %U, %Vt : tensor<1024x1024xf64, #CSR>, tensor<1024x32xf64>, tensor<1024x32xf64>)
    outs(%D : tensor<1024x1024xf64>) {
    ^bb0(%s: f64, %u: f64, %v: f64, %d: f64):
      %m = arith.mulf %s, %u : f64
      %m2 = arith.mulf %m, %v : f64
      %a = arith.addf %d, %m2 : f64
      linalg.yield %a : f64
  } -> tensor<1024x1024xf64>
  return %r : tensor<1024x1024xf64>
}

func.func @denselvl(%pos: tensor<?xindex>, %crd: tensor<?xindex>, %val: tensor<?xf64>,
                    %Z: tensor<1024x256xf64>, %Y: tensor<1024x256xf64>) -> tensor<1024x256xf64>
    attributes { llvm.emit_c_interface } {
  %xs = sparse_tensor.assemble (%pos, %crd), %val
     : (tensor<?xindex>, tensor<?xindex>), tensor<?xf64> to tensor<1024xf64, #SV>
  %r = linalg.generic #denselvl
    ins(%xs, %Z : tensor<1024xf64, #SV>, tensor<1024x256xf64>)
    outs(%Y : tensor<1024x256xf64>) {
    ^bb0(%a: f64, %z: f64, %y: f64):
      %m = arith.mulf %a, %z : f64
      %s = arith.addf %y, %m : f64
      linalg.yield %s : f64
  } -> tensor<1024x256xf64>
  return %r : tensor<1024x256xf64>
}

func.func @spmv(%pos: tensor<?xindex>, %crd: tensor<?xindex>, %val: tensor<?xf64>,
                %x: tensor<2048xf64>, %y: tensor<2048xf64>) -> tensor<2048xf64>
    attributes { llvm.emit_c_interface } {
  %A = sparse_tensor.assemble (%pos, %crd), %val
     : (tensor<?xindex>, tensor<?xindex>), tensor<?xf64> to tensor<2048x2048xf64, #CSR>
  %r = linalg.generic #spmv
    ins(%A, %x : tensor<2048x2048xf64, #CSR>, tensor<2048xf64>)
    outs(%y : tensor<2048xf64>) {
    ^bb0(%a: f64, %b: f64, %c: f64):
      %m = arith.mulf %a, %b : f64
      %s = arith.addf %c, %m : f64
      linalg.yield %s : f64
  } -> tensor<2048xf64>
  return %r : tensor<2048xf64>
}

func.func @dldot(%pos: tensor<?xindex>, %crd: tensor<?xindex>, %val: tensor<?xf64>,
                %Z: tensor<1024x256xf64>, %w: tensor<256xf64>,
                %r1: tensor<1024xf64>) -> tensor<1024xf64>
    attributes { llvm.emit_c_interface } {
  %xs = sparse_tensor.assemble (%pos, %crd), %val
     : (tensor<?xindex>, tensor<?xindex>), tensor<?xf64> to tensor<1024xf64, #SV>
  %r = linalg.generic #dldot
    ins(%xs, %Z, %w : tensor<1024xf64, #SV>, tensor<1024x256xf64>, tensor<256xf64>)
    outs(%r1 : tensor<1024xf64>) {
    ^bb0(%a: f64, %z: f64, %v: f64, %y: f64):
      %m = arith.mulf %a, %z : f64
      %m2 = arith.mulf %m, %v : f64
      %s = arith.addf %y, %m2 : f64
      linalg.yield %s : f64
  } -> tensor<1024xf64>
  return %r : tensor<1024xf64>
}

func.func @dldotbig(%pos: tensor<?xindex>, %crd: tensor<?xindex>, %val: tensor<?xf64>,
                %Z: tensor<1024x2048xf64>, %w: tensor<2048xf64>,
                %r1: tensor<1024xf64>) -> tensor<1024xf64>
    attributes { llvm.emit_c_interface } {
  %xs = sparse_tensor.assemble (%pos, %crd), %val
     : (tensor<?xindex>, tensor<?xindex>), tensor<?xf64> to tensor<1024xf64, #SV>
  %r = linalg.generic #dldot
    ins(%xs, %Z, %w : tensor<1024xf64, #SV>, tensor<1024x2048xf64>, tensor<2048xf64>)
    outs(%r1 : tensor<1024xf64>) {
    ^bb0(%a: f64, %z: f64, %v: f64, %y: f64):
      %m = arith.mulf %a, %z : f64
      %m2 = arith.mulf %m, %v : f64
      %s = arith.addf %y, %m2 : f64
      linalg.yield %s : f64
  } -> tensor<1024xf64>
  return %r : tensor<1024xf64>
}

func.func @dlshortdot(%pos: tensor<?xindex>, %crd: tensor<?xindex>, %val: tensor<?xf64>,
                %Z: tensor<1024x12xf64>, %w: tensor<12xf64>,
                %r1: tensor<1024xf64>) -> tensor<1024xf64>
    attributes { llvm.emit_c_interface } {
  %xs = sparse_tensor.assemble (%pos, %crd), %val
     : (tensor<?xindex>, tensor<?xindex>), tensor<?xf64> to tensor<1024xf64, #SV>
  %r = linalg.generic #dldot
    ins(%xs, %Z, %w : tensor<1024xf64, #SV>, tensor<1024x12xf64>, tensor<12xf64>)
    outs(%r1 : tensor<1024xf64>) {
    ^bb0(%a: f64, %z: f64, %v: f64, %y: f64):
      %m = arith.mulf %a, %z : f64
      %m2 = arith.mulf %m, %v : f64
      %s = arith.addf %y, %m2 : f64
      linalg.yield %s : f64
  } -> tensor<1024xf64>
  return %r : tensor<1024xf64>
}

func.func @dlshort(%pos: tensor<?xindex>, %crd: tensor<?xindex>, %val: tensor<?xf64>,
                   %Z: tensor<1024x12xf64>, %Y: tensor<1024x12xf64>) -> tensor<1024x12xf64>
    attributes { llvm.emit_c_interface } {
  %xs = sparse_tensor.assemble (%pos, %crd), %val
     : (tensor<?xindex>, tensor<?xindex>), tensor<?xf64> to tensor<1024xf64, #SV>
  %r = linalg.generic #denselvl
    ins(%xs, %Z : tensor<1024xf64, #SV>, tensor<1024x12xf64>)
    outs(%Y : tensor<1024x12xf64>) {
    ^bb0(%a: f64, %z: f64, %y: f64):
      %m = arith.mulf %a, %z : f64
      %s = arith.addf %y, %m : f64
      linalg.yield %s : f64
  } -> tensor<1024x12xf64>
  return %r : tensor<1024x12xf64>
}

func.func @bsrspmv(%pos: tensor<?xindex>, %crd: tensor<?xindex>, %val: tensor<?xf64>,
                   %x: tensor<1024xf64>, %y: tensor<1024xf64>) -> tensor<1024xf64>
    attributes { llvm.emit_c_interface } {
  %A = sparse_tensor.assemble (%pos, %crd), %val
     : (tensor<?xindex>, tensor<?xindex>), tensor<?xf64> to tensor<1024x1024xf64, #BSR>
  %r = linalg.generic #spmv
    ins(%A, %x : tensor<1024x1024xf64, #BSR>, tensor<1024xf64>)
    outs(%y : tensor<1024xf64>) {
    ^bb0(%a: f64, %b: f64, %c: f64):
      %m = arith.mulf %a, %b : f64
      %s = arith.addf %c, %m : f64
      linalg.yield %s : f64
  } -> tensor<1024xf64>
  return %r : tensor<1024xf64>
}
